import { webSession } from "@/app/auth";
import { securityCopy } from "@/components/copy/security";
import { FactorList } from "@/components/security/factor-list";
import { listSecondFactors } from "@/server/operators/second-factors";
import { ANY_OPERATOR } from "@/server/operators/operator-roles";
import { operatorPage } from "../operator-page";

export const dynamic = "force-dynamic";

/** The operator's own second factors: add a passkey or an authenticator app, remove one, new recovery codes. */
async function SecurityPage() {
  // `operatorPage` has let only an operator through.
  const session = (await webSession())!;
  const factors = await listSecondFactors(session.userId);
  return (
    <main>
      <h1>{securityCopy.manage.title}</h1>
      <FactorList
        factors={{
          ...factors,
          passkeys: factors.passkeys.map((p) => ({
            id: p.id,
            name: p.name,
            createdAt: p.createdAt.toISOString(),
            lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
          })),
        }}
      />
    </main>
  );
}

export default operatorPage(ANY_OPERATOR, SecurityPage);
