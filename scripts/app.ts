/**
 * `npm run app -- <command>`: the operator's command line for applications, until the console screens exist.
 *   register --name <name> --owner <email> --redirect <uri> [--redirect <uri> …]
 *       registers an application for the owner's first profile and prints its two client ids and the secret (once)
 *   privileges <applicationId> [sign_up] [submit_kyc]     sets the extra privileges (none given: withdraws all)
 *   rotate-secret <applicationId>                          prints a new client secret; the old one stops working
 * The embedded database belongs to one process: stop the server first, or use DATABASE_URL.
 */
import { parseArgs } from "node:util";
import { ALL_PRIVILEGES, setPrivileges, type Privilege } from "../server/applications/privileges.ts";
import { registerApplication, rotateClientSecret } from "../server/applications/register-application.ts";
import { getConfig } from "../server/config.ts";
import { closeDb, db } from "../server/db/client.ts";
import { isAppError } from "../server/errors.ts";
import { whereUserEmail } from "../server/users/user-email.ts";

const [command, ...rest] = process.argv.slice(2);

async function main() {
  switch (command) {
    case "register": {
      const { values } = parseArgs({
        args: rest,
        options: { name: { type: "string" }, owner: { type: "string" }, redirect: { type: "string", multiple: true } },
      });
      if (!values.name || !values.owner) throw new Error("register needs --name and --owner");
      const prisma = await db();
      const member = await prisma.profileMember.findFirst({
        where: { user: whereUserEmail(values.owner) },
        orderBy: { createdAt: "asc" },
      });
      if (!member) throw new Error(`No person with a profile has the email ${values.owner}`);
      const app = await registerApplication({
        name: values.name,
        environment: getConfig().environment,
        profileId: member.profileId,
        ownerId: member.userId,
        redirectUris: values.redirect ?? [],
      });
      console.log(JSON.stringify(app, null, 2));
      console.log("Keep the client secret now: it is not shown again.");
      return;
    }
    case "privileges": {
      const [applicationId, ...privileges] = rest;
      const unknown = privileges.filter((p) => !ALL_PRIVILEGES.includes(p as Privilege));
      if (!applicationId || unknown.length > 0) {
        throw new Error(`privileges <applicationId> [${ALL_PRIVILEGES.join("] [")}]; unknown: ${unknown.join(", ")}`);
      }
      await setPrivileges(applicationId, privileges as Privilege[]);
      console.log(`Privileges of ${applicationId}: ${privileges.join(", ") || "none"}`);
      return;
    }
    case "rotate-secret": {
      if (!rest[0]) throw new Error("rotate-secret <applicationId>");
      console.log(`New client secret (shown once): ${await rotateClientSecret({ applicationId: rest[0] })}`);
      return;
    }
    default:
      throw new Error("Commands: register, privileges, rotate-secret (see scripts/app.ts)");
  }
}

try {
  await main();
} catch (error) {
  const fields = isAppError(error) && error.fields ? ` ${JSON.stringify(error.fields)}` : "";
  console.error(`${error instanceof Error ? error.message : String(error)}${fields}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
