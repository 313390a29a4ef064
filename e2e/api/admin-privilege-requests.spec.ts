import { expect, test } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";

// Deciding a request that exists is covered on the database (server/applications/operate-applications.test.ts):
// applications ask for privileges through the developer portal, which this suite does not drive here.
test("issue 9: the operator's decision on a privilege request is checked: a known privilege, asked for, of an application", async () => {
  const operator = await operatorSession();
  try {
    const { applications } = (await (await operator.get("/api/admin/applications")).json()) as {
      applications: { id: string; name: string; requestedPrivileges: string[] }[];
    };
    const demo = applications.find((a) => a.name === "Demo application");
    expect(demo?.requestedPrivileges).toEqual([]);
    const decide = (id: string, data: unknown) =>
      operator.post(`/api/admin/applications/${id}/privilege-requests`, { headers: { origin: server.appUrl }, data });

    const notAsked = await decide(demo!.id, { privilege: "sign_up", decision: "grant" });
    expect(notAsked.status()).toBe(409);
    expect(await notAsked.json()).toEqual({
      code: 409,
      status: "Conflict",
      message: "The application has no pending request for sign_up",
    });
    const invalid = await decide(demo!.id, { privilege: "mint_anything", decision: "maybe" });
    expect(invalid.status()).toBe(400);
    expect(((await invalid.json()) as { errors: unknown }).errors).toEqual({
      privilege: "Known privileges: sign_up, submit_kyc",
      decision: "Use grant or decline",
    });
    const missing = await decide("00000000-0000-4000-8000-000000000000", { privilege: "sign_up", decision: "grant" });
    expect(missing.status()).toBe(404);
  } finally {
    await operator.dispose();
  }
});
