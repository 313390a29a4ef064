import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api } from "../fixtures/api.ts";
import { LINK_MESSAGE } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  cents,
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  PAYEE,
  payIn,
  placed,
  placeOrder,
  redeemBody,
  uniqueNow,
  type FundedCustomer,
} from "../fixtures/orders.ts";

/**
 * The signed message of a redeem order (C19) and the amount on the wire (C30). One funded customer per worker
 * places every order here: refusals move nothing, and the accepted orders are small.
 */

let setup: APIRequestContext;
let customer: FundedCustomer;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  const operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "1000");
  await operator.dispose();
});
test.afterAll(async () => {
  await setup.dispose();
});

const IBAN = PAYEE.identifier.iban;
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** The order body for `message`, signed by the customer's key. */
async function signed(message: string) {
  return {
    kind: "redeem",
    address: customer.account.address,
    chain: "sepolia",
    currency: "eur",
    amount: "10",
    counterpart: PAYEE,
    message,
    signature: await customer.account.signMessage({ message }),
  };
}

/** `date` in RFC 3339 with seconds and a `±hh:mm` offset, as the SDK writes it on a machine outside UTC. */
function withOffset(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}${offsetMinutes < 0 ? "-" : "+"}${hh}:${mm}`;
}

test.describe("C19: the signed order message", () => {
  test("C19: the currency, amount and receiver in the message must be the body's; each mismatch is a 400 on message", async ({
    request,
  }) => {
    const at = uniqueNow().toISOString();
    const cases = [
      {
        message: `Send USD 10 to ${IBAN} at ${at}`,
        error: "the currency in the message (USD) differs from the order's currency (EUR)",
      },
      {
        message: `Send EUR 10.01 to ${IBAN} at ${at}`,
        error: "the amount in the message (10.01) differs from the order's amount (10.00)",
      },
      {
        message: `Send EUR 10 to DE89370400440532013000 at ${at}`,
        error:
          "the receiver in the message (DE89370400440532013000) differs from the counterpart's IBAN " +
          `(${IBAN} or GR16...0695)`,
      },
      {
        message: `Send EUR 10 to DE89...3000 at ${at}`,
        error: `the receiver in the message (DE89...3000) differs from the counterpart's IBAN (${IBAN} or GR16...0695)`,
      },
      {
        message: `Pay EUR 10 to ${IBAN} at ${at}`,
        error:
          "must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>', or for a cross-chain order " +
          "'Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>'",
      },
    ];
    for (const { message, error } of cases) {
      await expectRefused(
        await placeOrder(request, customer.partner, await signed(message)),
        400,
        invalid({ message: error }),
      );
    }
  });

  test("C19: a timestamp older than five minutes, or the live sandbox's unreadable form, is expired", async ({
    request,
  }) => {
    for (const at of [
      minutes(-6).toISOString(),
      `${minutes(-6).toISOString().slice(0, 16)}Z`,
      withOffset(minutes(-6), 60),
      "Thu, 29 Dec 2022 14:58 +00:00",
    ]) {
      await expectRefused(
        await placeOrder(request, customer.partner, await signed(`Send EUR 10 to ${IBAN} at ${at}`)),
        400,
        invalid({ message: "timestamp is expired" }),
      );
    }
  });

  test("C19: a future timestamp, the SDK's short IBAN and a +01:00 offset are all accepted", async ({ request }) => {
    // Four minutes old, written west of UTC: read without its offset it would be seven hours old.
    const messages = [
      `Send EUR 10 to ${IBAN} at ${withOffset(minutes(-4), -7 * 60)}`,
      `Send EUR 10 to ${IBAN} at ${minutes(60 * 24).toISOString()}`,
      `Send EUR 10 to GR16...0695 at ${uniqueNow().toISOString()}`,
      `Send EUR 10 to ${IBAN} at ${withOffset(uniqueNow(), 60)}`,
      `Send EUR 10 to GR16...0695 at ${withOffset(minutes(-4), 60)}`,
      `Send EUR 10 to ${IBAN} at ${uniqueNow().toISOString().slice(0, 16)}Z`,
    ];
    for (const message of messages) {
      const order = await placed(request, customer.partner, await signed(message));
      expect(order, message).toMatchObject({ amount: "10.00", state: "placed", counterpart: PAYEE });
    }
  });

  test("C19: a signed message places one order: sent again it is refused, with another id, memo or chain", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const body = await redeemBody(customer.account, "3", { extra: { memo: "Signed once" } });
    const first = await placed(request, customer.partner, body);
    const reused = invalid({ message: "this signed message has already placed an order; sign a new one" });
    await expectRefused(await placeOrder(request, customer.partner, body), 400, reused);
    await expectRefused(await placeOrder(request, customer.partner, { ...body, id: crypto.randomUUID() }), 400, reused);
    await expectRefused(await placeOrder(request, customer.partner, { ...body, memo: "Another memo" }), 400, reused);
    // Nor on another chain where the address also holds tokens: the message names no chain, the signature fits all.
    const onAmoy = await request.post(api("/addresses"), {
      headers: customer.partner,
      data: {
        profile: customer.profile,
        address: customer.account.address,
        chain: "amoy",
        signature: await customer.account.signMessage({ message: LINK_MESSAGE }),
      },
    });
    expect(onAmoy.status()).toBe(201);
    await payIn(request, customer, "5", { memo: `amoy:${customer.account.address}` });
    await expectRefused(await placeOrder(request, customer.partner, { ...body, chain: "amoy" }), 400, reused);
    expect(await eurBalance(request, customer, "amoy")).toBe("5.00");
    const list = await request.get(api(`/orders?profile=${customer.profile}&memo=Signed%20once`), {
      headers: customer.partner,
    });
    expect(((await list.json()) as { orders: { id: string }[] }).orders.map((o) => o.id)).toEqual([first.id]);
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) - 300n);
  });

  test("C19: a signature by another key is refused as invalid", async ({ request }) => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const message = `Send EUR 10 to ${IBAN} at ${uniqueNow().toISOString()}`;
    for (const signature of [
      await stranger.signMessage({ message }),
      await customer.account.signMessage({ message: `${message} ` }),
      `0x${"11".repeat(65)}`,
    ]) {
      await expectRefused(
        await placeOrder(request, customer.partner, { ...(await signed(message)), signature }),
        400,
        invalid({ signature: "invalid signature" }),
      );
    }
  });
});

test.describe("C30: amounts on the wire", () => {
  test("C30: more than two decimals, exponents, signs, spaces, empty, non-numeric, commas, JSON numbers and zero are 400 on amount", async ({
    request,
  }) => {
    const body = await redeemBody(customer.account, "10");
    const cases: [unknown, string][] = [
      ["1.234", "must have at most two decimals"],
      ["1e3", "must be a decimal string with at most two decimals, such as 10.50"],
      ["-1", "must be written without a sign"],
      ["+1", "must be written without a sign"],
      [" 1", "must not contain spaces"],
      ["1 ", "must not contain spaces"],
      ["", "must not be empty"],
      ["abc", "must be a decimal string with at most two decimals, such as 10.50"],
      ["1,5", "must be a decimal string with at most two decimals, such as 10.50"],
      [".5", "must be a decimal string with at most two decimals, such as 10.50"],
      ["10.", "must be a decimal string with at most two decimals, such as 10.50"],
      ["0x10", "must be a decimal string with at most two decimals, such as 10.50"],
      ["1".repeat(16), "is too large (at most 15 digits before the point)"],
      [10, 'must be a string, such as "10.50"'],
      [10.5, 'must be a string, such as "10.50"'],
      [null, "is missing"],
      ["0", "must be more than 0.00"],
      ["0.00", "must be more than 0.00"],
    ];
    for (const [amount, error] of cases) {
      const res = await placeOrder(request, customer.partner, { ...body, amount });
      expect(res.status(), JSON.stringify(amount)).toBe(400);
      expect(await res.json(), JSON.stringify(amount)).toEqual(invalid({ amount: error }));
    }
  });

  test("C30: whole, one-decimal and two-decimal strings are accepted and shown with two decimals", async ({
    request,
  }) => {
    for (const [amount, shown] of [
      ["10", "10.00"],
      ["10.5", "10.50"],
      ["10.50", "10.50"],
      ["007.1", "7.10"],
    ] as const) {
      const order = await placed(request, customer.partner, await redeemBody(customer.account, amount));
      expect(order.amount, amount).toBe(shown);
    }
  });
});
