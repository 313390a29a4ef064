/**
 * `npm run operator:invite -- --email <address>`: prints a single-use invitation link for the instance's first
 * administrator (it is mailed too, once mail is set up). Refused once any administrator exists. Runs with the app's
 * own configuration (the same environment variables); the embedded database belongs to one process, so stop the
 * server first or use DATABASE_URL.
 */
import { parseArgs } from "node:util";
import { serverClock } from "../server/clock.ts";
import { getConfig } from "../server/config.ts";
import { closeDb } from "../server/db/client.ts";
import { isAppError } from "../server/errors.ts";
import { bootstrapOperator } from "../server/operators/bootstrap-operator.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  if (!values.email) {
    console.error("Usage: npm run operator:invite -- --email <address of the first administrator>");
    return 2;
  }
  try {
    const invitation = await bootstrapOperator({ email: values.email, config: getConfig(), now: serverClock() });
    console.log(
      `Invitation for ${invitation.email} (${invitation.roles.join(", ")}), valid until ` +
        `${invitation.expiresAt.toISOString()}. Open this link once to accept it:`,
    );
    console.log(invitation.link);
    return 0;
  } catch (error) {
    if (isAppError(error)) {
      console.error(error.fields ? Object.values(error.fields).join("; ") : error.message);
      return 1;
    }
    throw error;
  } finally {
    await closeDb();
  }
}

process.exitCode = await main();
