// The web app's session endpoints (next-auth): sign-in callbacks, session, CSRF token, sign-out
import { handlers } from "@/app/auth";

export const { GET, POST } = handlers;
