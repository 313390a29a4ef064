import { z } from "zod";
import { MAX_EMAIL } from "../limits.ts";

/** Shared by the sign-up and sign-in forms (client-side validation) and the server. */
export const emailSchema = z
  .string()
  .trim()
  .max(MAX_EMAIL, `Use at most ${MAX_EMAIL} characters`)
  .toLowerCase()
  .email("Enter a valid email address");
export const passwordSchema = z.string().min(10, "Use at least 10 characters").max(200, "Use at most 200 characters");

export const signUpSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignUp = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password").max(200, "Use at most 200 characters"),
});
export type SignIn = z.infer<typeof signInSchema>;
