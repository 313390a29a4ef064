import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { rawQueryFailure } from "./post-transaction.ts";

/** How many times a money-path transaction is run in all when PostgreSQL breaks it off as a deadlock's victim. */
const ATTEMPTS = 3;
/**
 * Generous waits for a connection and for the whole transaction: a request whose key is in flight waits for the
 * first one to finish, and under load a pool of ten connections is shared by everything.
 */
const WAITS = { maxWait: 15_000, timeout: 30_000 } as const;

/**
 * A money-path transaction (placing, claiming or rejecting an order): `work` inside one database transaction, taking
 * its locks in the global order of `lock-order.ts`. The order is the fix; this is the belt and braces: should
 * PostgreSQL still break the transaction off as a deadlock's victim (40P01) or a serialization failure (40001),
 * nothing of it was written, and it is run again from the start, a bounded number of times. Past that the caller is
 * told to send the request again (409 with `Retry-After`), never a 500.
 */
export async function moneyTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const prisma = await db();
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(work, WAITS);
    } catch (error) {
      if (!brokenOff(error)) throw error;
      logger().warn({ err: error, attempt }, "a money-path transaction was broken off by the database");
      if (attempt >= ATTEMPTS) {
        throw new AppError(
          "CONFLICT",
          "The request met concurrent requests on the same balance and nothing was written: send it again",
          undefined,
          { "Retry-After": "1" },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/** PostgreSQL broke the transaction off: a deadlock's victim (40P01) or a serialization failure (40001). */
export function brokenOff(error: unknown): boolean {
  const code = rawQueryFailure(error)?.code;
  if (code === "40P01" || code === "40001") return true;
  // A model query's failure: Prisma's code for the driver's "TransactionWriteConflict" (40001 and 40P01).
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2034";
}
