import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { recordEvent } from "../events/record-event.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { ibanForCaller, requestedChain } from "./iban-access.ts";
import type { MoveIbanRequest } from "./iban.schemas.ts";
import { ibanView, type IbanView } from "./iban-view.ts";

/**
 * `PATCH /ibans/{iban}` (SPEC endpoint 19): incoming payments go to another address of the same profile, linked on
 * the given chain, from now on. The move and its `iban.updated` event are one transaction; moving an IBAN to where
 * it already points changes nothing and records nothing.
 */
export async function moveIban(options: {
  caller: Caller;
  iban: string;
  request: MoveIbanRequest;
  config: Config;
  clock?: Clock;
}): Promise<IbanView> {
  const { caller, request, config, clock = serverClock } = options;
  const found = await ibanForCaller(caller, options.iban, "write");
  const chain = requestedChain(request.chain, config.environment);
  const addressKey = request.address.toLowerCase();
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const link = await tx.address.findUnique({
      where: { addressKey_chain: { addressKey, chain: chain.name } },
      select: { profileId: true },
    });
    if (link?.profileId !== found.profileId) {
      throw new AppError("VALIDATION", "Address is not linked", {
        address: `is not linked to this IBAN's profile on ${chain.name}`,
      });
    }
    // Moves of one IBAN wait for each other, so "already there" is judged on the current target.
    await tx.$executeRaw`SELECT 1 FROM "Iban" WHERE "id" = ${found.id}::uuid FOR UPDATE`;
    const current = await tx.iban.findUniqueOrThrow({ where: { id: found.id } });
    if (current.addressKey === addressKey && current.chain === chain.name) {
      return ibanView({ ...current, iban: found.iban, bic: found.bic }, found.profile.name);
    }
    const moved = await tx.iban.update({
      where: { id: found.id },
      data: { address: request.address, addressKey, chain: chain.name },
    });
    const view = ibanView({ ...moved, iban: found.iban, bic: found.bic }, found.profile.name);
    await recordEvent(tx, { type: "iban.updated", profileId: found.profileId, data: view, at: clock() });
    return view;
  });
}
