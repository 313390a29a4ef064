"use server";

import { signOut } from "@/app/auth";

/** Ends the web session and returns to the home page. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
