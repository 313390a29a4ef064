import { z } from "zod";
import { PRIVILEGES, requirePrivilege } from "../applications/privileges.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { profileView, type ProfileView } from "./profile-view.ts";
import { MAX_ID, tooLong } from "../limits.ts";
import { withNameOpened } from "./profile-name.ts";

export const createProfileSchema = z.object({
  kind: z.enum(["personal", "corporate"]),
  // The real service's schema says version 4, and its SDK checks the ids it is sent (in `/auth/context`) against it:
  // a client-chosen nil or version-7 id would make this profile unreadable there (issue 15).
  id: z.string().max(MAX_ID, tooLong(MAX_ID)).uuidv4("must be a version-4 UUID").optional(),
});

/** `POST /profiles` (CONTRACT §4.5, extra privileges): a profile the application may act on at once. */
export async function createProfile(options: {
  caller: Caller;
  kind: "personal" | "corporate";
  id?: string;
}): Promise<ProfileView> {
  const { caller, kind, id } = options;
  await requirePrivilege(caller, PRIVILEGES.signUp);
  const prisma = await db();
  try {
    const app = await prisma.application.findUniqueOrThrow({
      where: { id: caller.applicationId },
      select: { kycModel: true },
    });
    const profile = await prisma.profile.create({
      data: {
        id: id?.toLowerCase(),
        kind,
        kycModel: app.kycModel,
        grants: { create: { applicationId: caller.applicationId, userId: caller.userId } },
      },
      select: { id: true, kind: true, name: true, state: true, kycModel: true },
    });
    await evictAuth([`client:${caller.clientId}`]);
    return profileView({ ...withNameOpened(profile), sections: [] });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "Profile already exists");
    }
    throw error;
  }
}
