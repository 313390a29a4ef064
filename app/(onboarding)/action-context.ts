import { headers } from "next/headers";
import { getConfig } from "@/server/config";
import { clientAddress } from "@/server/http/client-address";
import { atRequestedTime } from "@/server/http/test-clock";

/**
 * What an account action needs of its request: the client's address (for the limits per client), and the time it
 * asks to be served at (only on test instances, as for the API). Not a server action itself (no "use server").
 */
export async function accountRequest<T>(fn: (client: string) => Promise<T>): Promise<T> {
  const incoming = await headers();
  const request = new Request(getConfig().appUrl, { headers: incoming });
  return atRequestedTime(request, () => fn(clientAddress(incoming)));
}
