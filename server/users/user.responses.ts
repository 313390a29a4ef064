import { z } from "zod";
import type { Responses } from "../contract/operation.ts";

/** `POST /auth/signup`: the person and their new personal profile. */
export const signUpResponse = z.object({ email: z.email(), profile: z.uuid() }).meta({ id: "SignUp" });

export const SIGN_UP_RESPONSES: Responses = {
  201: signUpResponse,
  304: { description: "The person already exists: send them through /auth like anyone else" },
};
