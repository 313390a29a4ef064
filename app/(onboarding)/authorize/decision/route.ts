// POST /authorize/decision — the consent form's Allow or Deny
import { auth } from "@/app/auth";
import { getConfig } from "@/server/config";
import { browserResponse, crossSiteRefusal } from "@/server/http/browser";
import { decideFromForm } from "@/server/oauth/decide-from-form";

export async function POST(req: Request) {
  const config = getConfig();
  const refused = crossSiteRefusal(req, config.appUrl);
  if (refused) return browserResponse(refused);
  const session = await auth();
  const outcome = await decideFromForm({ form: await req.formData(), userId: session?.user?.id, config });
  return browserResponse(outcome);
}
