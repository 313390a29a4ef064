import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { PERSONAL_FORM, V4_PERSONAL_DETAILS } from "../e2e/fixtures/kyc-bodies.ts";
import type { AppServer } from "./app-server.ts";
import { clientCredentialsToken } from "./net.ts";

/**
 * Customers made through the API the way a partner backend and the operator make them (as e2e/fixtures/customer.ts,
 * approved-customer.ts and orders.ts do with Playwright): the demo application signs a person up and links a fresh
 * key's address on sepolia; for orders, it submits KYC, the demo operator approves it from a web session, an IBAN
 * is provisioned and the sandbox bank pays euros into it.
 */

export const LINK_MESSAGE = "I hereby declare that I am the address owner.";
export const CHAIN = "sepolia";

export type Customer = { profile: string; account: PrivateKeyAccount; partner: Record<string, string> };
/** A customer the sandbox bank can pay into: `iban` is theirs. */
export type FundedCustomer = Customer & { iban: string };

/** A request that must answer `status`; returns the parsed body. */
export async function call<T>(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; json?: unknown; body?: BodyInit; status: number },
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { ...options.headers, ...(options.json === undefined ? {} : { "content-type": "application/json" }) },
    body: options.json === undefined ? options.body : JSON.stringify(options.json),
  });
  const text = await response.text();
  if (response.status !== options.status) {
    throw new Error(`${method} ${url} answered ${response.status}, expected ${options.status}: ${text.slice(0, 500)}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function partnerHeaders(app: AppServer): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await clientCredentialsToken(app.url, app.demo.clientId, app.demo.clientSecret)}` };
}

/** A person the demo application signed up, with a fresh key's address linked to their profile on sepolia. */
export async function linkedCustomer(app: AppServer, partner: Record<string, string>): Promise<Customer> {
  const email = `bench-${crypto.randomUUID()}@example.com`;
  const { profile } = await call<{ profile: string }>("POST", `${app.api}/auth/signup`, {
    headers: partner,
    json: { email },
    status: 201,
  });
  const account = privateKeyToAccount(generatePrivateKey());
  await call("POST", `${app.api}/addresses`, {
    headers: partner,
    json: {
      profile,
      address: account.address,
      chain: CHAIN,
      signature: await account.signMessage({ message: LINK_MESSAGE }),
    },
    status: 201,
  });
  return { profile, account, partner };
}

/** A linked customer, approved, with an IBAN and `euros` minted to the address by a sandbox payment. */
export async function fundedCustomer(app: AppServer, euros: string): Promise<FundedCustomer> {
  const [customer] = await fundedCustomers(app, { count: 1, euros });
  return customer!;
}

/**
 * `count` funded customers of the demo application, as a partner with many end customers has them: each its own
 * person, profile and address. One partner token and one operator session serve them all; `parallel` are onboarded
 * at a time.
 */
export async function fundedCustomers(
  app: AppServer,
  options: { count: number; euros: string; parallel?: number },
): Promise<FundedCustomer[]> {
  const { count, euros, parallel = 8 } = options;
  const partner = await partnerHeaders(app);
  const operator = await operatorCookie(app);
  const customers: FundedCustomer[] = [];
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      customers.push(await fund(app, { partner, operator, euros }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return customers;
}

async function fund(
  app: AppServer,
  options: { partner: Record<string, string>; operator: string; euros: string },
): Promise<FundedCustomer> {
  const { operator, euros } = options;
  const customer = await linkedCustomer(app, options.partner);
  const { profile, partner } = customer;
  const form = new FormData();
  form.append(
    "file",
    new Blob([Buffer.from("%PDF-1.7\nbenchmark passport\n")], { type: "application/pdf" }),
    "passport.pdf",
  );
  const { id: fileId } = await call<{ id: string }>("POST", `${app.api}/files`, {
    headers: partner,
    body: form,
    status: 200,
  });
  const verifications = {
    personal: [{ kind: "idDocument", documents: [{ kind: "passport", fileId, side: "front" }] }],
  };
  await call("PATCH", `${app.api}/profiles/${profile}/details`, {
    headers: partner,
    json: V4_PERSONAL_DETAILS,
    status: 202,
  });
  await call("PATCH", `${app.api}/profiles/${profile}/form`, { headers: partner, json: PERSONAL_FORM, status: 202 });
  await call("PATCH", `${app.api}/profiles/${profile}/verifications`, {
    headers: partner,
    json: verifications,
    status: 202,
  });
  const decision = await call<{ state: string }>("POST", `${app.url}/api/admin/profiles/${profile}/decision`, {
    headers: { cookie: operator },
    json: { decision: "approve" },
    status: 200,
  });
  if (decision.state !== "approved") throw new Error(`the operator's approval left the profile ${decision.state}`);

  await call("POST", `${app.api}/ibans`, {
    headers: partner,
    json: { address: customer.account.address, chain: CHAIN },
    status: 202,
  });
  const iban = await provisionedIban(app, customer);
  const order = await call<{ state: string }>("POST", `${app.api}/sandbox/payments`, {
    headers: partner,
    json: { iban, amount: euros },
    status: 201,
  });
  if (order.state !== "processed") throw new Error(`the sandbox payment's issue order is ${order.state}`);
  return { ...customer, iban };
}

/** The IBAN assigned to the customer's request, once the provisioning job (every second here) has run. */
async function provisionedIban(app: AppServer, customer: Customer): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { ibans } = await call<{ ibans: { iban?: string }[] }>(
      "GET",
      `${app.api}/ibans?profile=${customer.profile}`,
      {
        headers: customer.partner,
        status: 200,
      },
    );
    const iban = ibans[0]?.iban;
    if (iban) return iban;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("no IBAN was provisioned within 30 s");
}

/**
 * The demo operator signed in to the web app through next-auth's credentials endpoint, as the sign-in page does
 * (e2e/fixtures/operator.ts): returns the Cookie header carrying the session.
 */
export async function operatorCookie(app: AppServer): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const csrf = await fetch(`${app.url}/web-auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${app.url}/web-auth/callback/credentials`, {
    method: "POST",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: app.operator.email,
      password: app.operator.password,
      csrfToken,
      callbackUrl: app.url,
    }),
    redirect: "manual",
  });
  keep(signIn);
  if (signIn.status >= 400 || ![...jar.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(`the operator could not sign in (${signIn.status}): ${(await signIn.text()).slice(0, 300)}`);
  }
  return cookie();
}
