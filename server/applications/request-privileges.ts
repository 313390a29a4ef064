import { db } from "../db/client.ts";
import { validate } from "../validate.ts";
import { developerApplication } from "./developer-access.ts";
import { privilegeRequestInputSchema } from "./portal.schemas.ts";

export type PrivilegeRequest = { requestedPrivileges: string[]; privilegeRequestNote: string };

/**
 * A developer asks the operator for extra privileges, with a note saying why. The request replaces any earlier
 * one; privileges already granted are not asked for again, and asking for none withdraws the request.
 */
export async function requestPrivileges(options: {
  userId: string;
  applicationId: string;
  input: unknown;
}): Promise<PrivilegeRequest> {
  const input = validate(privilegeRequestInputSchema, options.input);
  const app = await developerApplication(options);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Application" WHERE id = ${app.id}::uuid FOR UPDATE`;
    const { privileges } = await tx.application.findUniqueOrThrow({
      where: { id: app.id },
      select: { privileges: true },
    });
    const requested = [...new Set(input.privileges)].filter((p) => !privileges.includes(p));
    const note = requested.length > 0 && input.note ? input.note : null;
    await tx.application.update({
      where: { id: app.id },
      data: { requestedPrivileges: requested, privilegeRequestNote: note },
    });
    return { requestedPrivileges: requested, privilegeRequestNote: note ?? "" };
  });
}
