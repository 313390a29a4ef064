import { resolveChain, type ChainInfo } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { quote } from "../limits.ts";
import { SUPPORTING_DOCUMENT_THRESHOLD_MINOR } from "../money/amount.ts";
import type { Caller } from "../oauth/caller.ts";
import type { PlaceOrderRequest } from "./order.schemas.ts";
import type { CounterpartView } from "./order-view.ts";

export function evmChain(name: string, config: Config, field: string): ChainInfo {
  const chain = resolveChain(name, config.environment);
  if (!chain || chain.family !== "evm") {
    throw new AppError("VALIDATION", "Validation errors", {
      [field]: `${quote(name)} is not an EVM chain of this environment`,
    });
  }
  return chain;
}

/** The counterpart as orders show it: IBANs compact, chains by their name in this environment. */
export function counterpartOf(request: PlaceOrderRequest, source: ChainInfo, config: Config): CounterpartView {
  const { identifier } = request.counterpart;
  const details = (request.counterpart.details ?? {}) as Record<string, string>;
  if (identifier.standard === "iban") {
    // The bank rail pays out by SEPA credit transfer, in euros only: tokens of another currency would be burned for a
    // payout no bank can make.
    if (request.currency !== "eur") {
      throw new AppError("VALIDATION", "Validation errors", {
        currency: `${request.currency} cannot be paid out to an IBAN: payouts are SEPA credit transfers, in euros`,
      });
    }
    return {
      identifier: { standard: "iban", iban: identifier.iban, ...(identifier.bic ? { bic: identifier.bic } : {}) },
      details,
    };
  }
  const target = evmChain(identifier.chain, config, "counterpart.identifier.chain");
  if (target.name === source.name) {
    throw new AppError("VALIDATION", "Validation errors", {
      "counterpart.identifier.chain": "must differ from the order's chain: send tokens on one chain directly",
    });
  }
  return { identifier: { standard: "chain", address: identifier.address, chain: target.name }, details: {} };
}

/** From 15,000.00 EUR on, an invoice or agreement uploaded by the same caller must come with the order (C31). */
export async function checkSupportingDocument(caller: Caller, request: PlaceOrderRequest): Promise<void> {
  const needed = request.currency === "eur" && request.amount >= SUPPORTING_DOCUMENT_THRESHOLD_MINOR;
  if (!request.supportingDocumentId) {
    if (needed) {
      throw new AppError("VALIDATION", "Validation errors", {
        supportingDocumentId: "is required from 15,000.00 EUR: upload the invoice or agreement with POST /files",
      });
    }
    return;
  }
  const prisma = await db();
  const file = await prisma.storedFile.findFirst({
    where: { id: request.supportingDocumentId, uploadedById: caller.userId },
    select: { id: true },
  });
  if (!file) {
    throw new AppError("VALIDATION", "Validation errors", {
      supportingDocumentId: "is not a file you uploaded",
    });
  }
}
