/** A snippet as the page shows it: the exact text a reader copies (and, for the verifying code, the tests run). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="docs-code">
      <figcaption>{label}</figcaption>
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
