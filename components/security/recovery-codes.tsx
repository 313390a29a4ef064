import { securityCopy } from "@/components/copy/security";

/** Recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="card" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{securityCopy.recovery.title}</h2>
      <p>{securityCopy.recovery.lead}</p>
      <ul className="recovery-codes" aria-label={securityCopy.recovery.title}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
