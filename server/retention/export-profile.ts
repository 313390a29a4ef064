import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import { uuidOrUndefined } from "../ids.ts";
import { openValue } from "../keys/sealed-value.ts";
import { formatAmount } from "../money/amount.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { documentIds } from "./document-ids.ts";
import { mailRetentionNotice } from "./retention-mail.ts";
import { tarGz, type TarEntry } from "./tar-archive.ts";
import { orderCounterpart, orderMemo } from "../orders/order-text.ts";
import { withIbanOpened } from "../ibans/iban-number.ts";
import { openEmail, openName } from "../users/user-email.ts";
import { openProfileName } from "../profiles/profile-name.ts";

export type ProfileExport = { name: string; content: Buffer };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The subject access export (C71, GDPR Art. 15): everything held about a profile's customer, as `profile.json` and
 * the documents themselves (`documents/<file id>`) in one tar.gz. Submissions are opened from their sealed form;
 * documents are read through the file store (decrypted). Making it is audit-logged and the customer is mailed, so an
 * export nobody asked for does not go unnoticed. Documents are bounded by the upload limit; the archive is built in
 * memory.
 */
export async function exportProfile(options: {
  profileId: string;
  operator: AuditActor;
  config: Pick<Config, "files" | "keys" | "secret">;
  storage?: FileStorage;
  clock?: Clock;
}): Promise<ProfileExport> {
  const id = uuidOrUndefined(options.profileId);
  const now = (options.clock ?? serverClock)();
  const prisma = await db();
  const profile = id ? await prisma.profile.findUnique({ where: { id } }) : null;
  if (!id || !profile) throw new AppError("NOT_FOUND", "Profile not found");
  const [members, submissions, addresses, iban, orders] = await Promise.all([
    prisma.profileMember.findMany({
      where: { profileId: id },
      select: { perms: true, user: { select: { email: true, name: true } } },
    }),
    prisma.profileSubmission.findMany({ where: { profileId: id }, orderBy: [{ section: "asc" }, { kind: "asc" }] }),
    prisma.address.findMany({ where: { profileId: id }, orderBy: { linkedAt: "asc" } }),
    prisma.iban.findUnique({ where: { profileId: id } }),
    prisma.order.findMany({ where: { profileId: id }, orderBy: { seq: "asc" } }),
  ]);
  const opened = submissions.map((s) => ({
    section: s.section,
    kind: s.kind,
    state: s.state,
    data: openValue(s.data, SUBMISSION_DATA),
    submittedAt: iso(s.submittedAt),
    decidedAt: iso(s.decidedAt),
    reason: s.reason,
  }));
  const fileIds = [
    ...opened.flatMap((s) => documentIds(s.data)),
    ...orders.flatMap((o) => (o.supportingDocumentId ? [o.supportingDocumentId] : [])),
  ];
  const files = await prisma.storedFile.findMany({ where: { id: { in: fileIds } }, orderBy: { createdAt: "asc" } });
  const storage = options.storage ?? fileStorage(options.config);
  const documents: TarEntry[] = [];
  for (const file of files) {
    const stream = await storage.get(file.storageKey);
    if (!stream) throw new Error(`Content ${file.storageKey} of file ${file.id} is missing from storage`);
    documents.push({
      name: `documents/${file.id}`,
      content: Buffer.from(await new Response(stream).arrayBuffer()),
      modified: file.createdAt,
    });
  }
  const record = {
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      kind: profile.kind,
      name: openProfileName(profile.name),
      state: profile.state,
      createdAt: iso(profile.createdAt),
      closedAt: iso(profile.closedAt),
      erasureRequestedAt: iso(profile.erasureRequestedAt),
      erasedAt: iso(profile.erasedAt),
    },
    people: members.map((m) => ({ email: openEmail(m.user.email), name: openName(m.user.name), perms: m.perms })),
    submissions: opened,
    addresses: addresses.map((a) => ({ address: a.address, chain: a.chain, linkedAt: iso(a.linkedAt) })),
    iban: iban && {
      iban: withIbanOpened(iban).iban,
      bic: iban.bic,
      state: iban.state,
      address: iban.address,
      chain: iban.chain,
      requestedAt: iso(iban.requestedAt),
    },
    orders: orders.map((o) => ({
      id: o.id,
      kind: o.kind,
      state: o.state,
      amount: formatAmount(o.amountMinor),
      currency: o.currency,
      chain: o.chain,
      address: o.address,
      counterpart: orderCounterpart(o),
      memo: orderMemo(o),
      referenceNumber: o.referenceNumber,
      placedAt: iso(o.placedAt),
      processedAt: iso(o.processedAt),
      txHashes: o.txHashes,
    })),
    documents: files.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      size: f.size,
      sha256: f.hash,
      path: `documents/${f.id}`,
    })),
  };
  const content = tarGz([
    { name: "profile.json", content: Buffer.from(JSON.stringify(record, null, 2)), modified: now },
    ...documents,
  ]);
  await prisma.$transaction(async (tx) => {
    await recordAudit(tx, {
      actor: options.operator,
      action: "profile.export",
      subject: { type: "profile", id },
      after: { documents: files.length, orders: orders.length, bytes: content.length },
      at: now,
    });
    await mailRetentionNotice(tx, id, { kind: "exported" });
  });
  return { name: `profile-${id}-${now.toISOString().slice(0, 10)}.tar.gz`, content };
}
