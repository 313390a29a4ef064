import type { Prisma } from "../generated/prisma/client.ts";
import { ConfigError } from "../settings/config-error.ts";
import { blindIndex } from "./blind-index.ts";
import type { Keyring } from "./keyring.ts";
import { USER_EMAIL } from "./people-columns.ts";
import { isSealed, openValue, sealedUnder } from "./sealed-value.ts";

/**
 * Refuses to start an instance whose keyring is not the one the database's personal data was sealed and indexed
 * with: one person's sealed e-mail must open under it and give the blind index stored beside it. Started with another
 * keyring (a new one, another deployment's), an instance would answer every read of personal data with an error, find
 * no one signing in and route no credit to its IBAN; it is stopped at start instead, naming the file. A database that
 * holds nothing sealed yet (a first start) has nothing to check.
 */
export async function assertKeyringFitsDatabase(
  prisma: Prisma.TransactionClient,
  keyring: Keyring,
  keyringFile: string,
): Promise<void> {
  const [row] = await prisma.$queryRaw<{ email: unknown; emailIndex: string }[]>`
    SELECT "email", "emailIndex" FROM "User"
    WHERE "emailIndex" IS NOT NULL AND jsonb_typeof("email") = 'object'
    LIMIT 1`;
  if (!row || !isSealed(row.email)) return;
  const refuse = (why: string) =>
    new ConfigError([
      `TOKENRAIL_KEYRING_FILE: ${keyringFile} is not the keyring this database's personal data is sealed with: ${why}; start every instance with the keyring that sealed it (docs/security.md)`,
    ]);
  let email: string;
  try {
    email = openValue<string>(row.email, USER_EMAIL, keyring);
  } catch {
    throw refuse(`none of its keys opens what key ${sealedUnder(row.email)} sealed`);
  }
  if (blindIndex(USER_EMAIL, "email", email, keyring) !== row.emailIndex) {
    throw refuse("its index key gives other blind indexes than the database holds");
  }
}
