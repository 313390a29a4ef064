// POST /forgot-password/send — "Forgot password?": a reset link to the address, if it has an account
import { answerPasswordResetRequest } from "@/server/http/password-reset-request";

export async function POST(req: Request) {
  return answerPasswordResetRequest(req);
}
