import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, V2 } from "../fixtures/api.ts";
import { linkedCustomer } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  expectRefused,
  fundedCustomer,
  invalid,
  PAYEE,
  placed,
  placeOrder,
  redeemBody,
  type FundedCustomer,
} from "../fixtures/orders.ts";

/** `POST /orders` refuses what is malformed, out of reach or not allowed, with the field named (C28 for the body). */

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

test.describe("placing an order: validation", () => {
  test("an empty body names every missing field", async ({ request }) => {
    await expectRefused(
      await placeOrder(request, customer.partner, {}),
      400,
      invalid({
        address: "Address missing",
        amount: "is missing",
        chain: "Chain missing",
        counterpart: "Counterpart missing",
        currency: "Currency missing",
        kind: "Kind missing",
        message: "Message missing",
        signature: "Signature missing",
      }),
    );
  });

  test("a bad counterpart is named by its dotted path", async ({ request }) => {
    const body = await redeemBody(customer.account, "10");
    const cases: [unknown, Record<string, string>][] = [
      [
        { ...PAYEE, identifier: { standard: "iban", iban: "GR1601101250000000012300696" } },
        { "counterpart.identifier.iban": "is not a valid IBAN" },
      ],
      [
        { ...PAYEE, identifier: { standard: "scan", sortCode: "123456" } },
        { "counterpart.identifier.standard": "must be iban or chain" },
      ],
      [{ details: PAYEE.details }, { "counterpart.identifier": "Identifier missing" }],
      [{ ...PAYEE, details: { firstName: "Mockbank" } }, { "counterpart.details.lastName": "Last name missing" }],
      [
        { identifier: { standard: "chain", address: "0x1234", chain: "amoy" } },
        { "counterpart.identifier.address": "invalid address" },
      ],
      [undefined, { counterpart: "Counterpart missing" }],
    ];
    for (const [counterpart, errors] of cases) {
      await expectRefused(await placeOrder(request, customer.partner, { ...body, counterpart }), 400, invalid(errors));
    }
  });

  test("memo is 5 to 140 characters and referenceNumber at most 35; the limits themselves are accepted", async ({
    request,
  }) => {
    const body = await redeemBody(customer.account, "10");
    for (const [extra, errors] of [
      [{ memo: "abcd" }, { memo: "must be 5 to 140 characters" }],
      [{ memo: "m".repeat(141) }, { memo: "must be 5 to 140 characters" }],
      [{ referenceNumber: "r".repeat(36) }, { referenceNumber: "must be 0 to 35 characters" }],
    ] as const) {
      await expectRefused(await placeOrder(request, customer.partner, { ...body, ...extra }), 400, invalid(errors));
    }
    const shortest = await placed(
      request,
      customer.partner,
      await redeemBody(customer.account, "1", { extra: { memo: "abcde" } }),
    );
    expect(shortest.memo).toBe("abcde");
    // Characters, not UTF-16 units: 140 emoji fit.
    const longest = await placed(
      request,
      customer.partner,
      await redeemBody(customer.account, "1", { extra: { memo: "💶".repeat(140), referenceNumber: "R".repeat(35) } }),
    );
    expect(longest).toMatchObject({ memo: "💶".repeat(140), referenceNumber: "R".repeat(35) });
  });

  test("without memo the order gets the default memo", async ({ request }) => {
    const body = await redeemBody(customer.account, "2");
    delete body.memo;
    const order = await placed(request, customer.partner, body);
    expect(order.memo).toBe("Powered by Tokenrail");
  });

  test("an unknown currency, and a chain that is unknown or not EVM, are refused", async ({ request }) => {
    const body = await redeemBody(customer.account, "10");
    for (const [extra, errors] of [
      [{ currency: "btc" }, { currency: "Unknown currency: use eur, usd, gbp or isk" }],
      [{ currency: undefined }, { currency: "Currency missing" }],
      [{ chain: "dogechain" }, { chain: "dogechain is not an EVM chain of this environment" }],
      [{ chain: "grand" }, { chain: "grand is not an EVM chain of this environment" }],
      [{ chain: "ethereum-mainnet" }, { chain: "ethereum-mainnet is not an EVM chain of this environment" }],
    ] as const) {
      await expectRefused(await placeOrder(request, customer.partner, { ...body, ...extra }), 400, invalid(errors));
    }
  });

  test("issue 24: a redeem of another currency than euros to an IBAN is refused: payouts are SEPA credit transfers", async ({
    request,
  }) => {
    for (const currency of ["gbp", "usd", "isk"]) {
      await expectRefused(
        await placeOrder(request, customer.partner, await redeemBody(customer.account, "10", { extra: { currency } })),
        400,
        invalid({ currency: `${currency} cannot be paid out to an IBAN: payouts are SEPA credit transfers, in euros` }),
      );
    }
  });

  test("an address not linked on the order's chain, or not linked at all, is refused", async ({ request }) => {
    await expectRefused(
      await placeOrder(request, customer.partner, await redeemBody(customer.account, "10", { chain: "amoy" })),
      400,
      invalid({ address: "is not linked on amoy to a profile you may act on" }),
    );
    const stranger = privateKeyToAccount(generatePrivateKey());
    await expectRefused(
      await placeOrder(request, customer.partner, await redeemBody(stranger, "10")),
      400,
      invalid({ address: "is not linked on sepolia to a profile you may act on" }),
    );
  });

  test("a profile that is not approved cannot place orders (403)", async ({ request }) => {
    const unapproved = await linkedCustomer(request);
    await expectRefused(
      await placeOrder(request, unapproved.partner, await redeemBody(unapproved.account, "10")),
      403,
      {
        code: 403,
        status: "Forbidden",
        message: "The profile is created: orders are placed by approved profiles only",
      },
    );
  });

  test("C28: malformed JSON, another content type, another API version and no token are refused with the error body", async ({
    request,
  }) => {
    const body = Buffer.from(JSON.stringify(await redeemBody(customer.account, "10")));
    const post = (headers: Record<string, string>, data: Buffer) => request.post(api("/orders"), { headers, data });
    await expectRefused(
      await post({ ...customer.partner, "content-type": "application/json" }, body.subarray(0, -1)),
      400,
      { code: 400, status: "Bad Request", message: "Request body is not valid JSON" },
    );
    await expectRefused(await post({ ...customer.partner, "content-type": "text/plain" }, body), 400, {
      code: 400,
      status: "Bad Request",
      message: "Content-Type must be application/json",
    });
    await expectRefused(
      await post({ ...customer.partner, accept: V2.replace("v2", "v1"), "content-type": "application/json" }, body),
      406,
      {
        code: 406,
        status: "Not Acceptable",
        message:
          "This API serves version 2 only: send Accept: application/vnd.tokenrail.api-v2+json (or application/json)",
      },
    );
    for (const authorization of [undefined, "", "Bearer not-a-token"]) {
      await expectRefused(
        await post(
          { accept: V2, "content-type": "application/json", ...(authorization === undefined ? {} : { authorization }) },
          body,
        ),
        401,
        { code: 401, status: "Unauthorized", message: "Not authenticated" },
      );
    }
  });
});
