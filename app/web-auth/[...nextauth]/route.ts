// The web app's session endpoints (next-auth): sign-in callbacks, session, CSRF token, sign-out
import type { NextRequest } from "next/server";
import { handlers } from "@/app/auth";
import { limitedSignInPost } from "@/server/users/sign-in-refusal";

export const { GET } = handlers;

export async function POST(req: NextRequest) {
  return limitedSignInPost(req, handlers.POST);
}
