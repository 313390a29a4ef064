import { developerApplication } from "./developer-access.ts";
import { rotateClientSecret } from "./register-application.ts";

/** A developer replaces the client secret: the old one stops working at once; the new one is answered this once. */
export async function rotateDeveloperSecret(options: { userId: string; applicationId: string }): Promise<string> {
  const app = await developerApplication(options);
  return rotateClientSecret({ applicationId: app.id });
}
