// The web app's session endpoints (next-auth): sign-in callbacks, session, CSRF token, sign-out
import type { NextRequest } from "next/server";
import { handlers } from "@/app/auth";
import { signInRefusal } from "@/server/users/sign-in-refusal";

export const { GET } = handlers;

export async function POST(req: NextRequest) {
  return (await signInRefusal(req.clone())) ?? handlers.POST(req);
}
