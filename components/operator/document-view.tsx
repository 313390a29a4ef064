import { operatorCopy } from "@/components/copy/operator";

export type ReviewFile = { id: string; name: string; type: string; size: number };

/**
 * One uploaded document shown in place: pictures as images, PDFs in a frame, from the admin file route's sandboxed
 * inline variant. Anything else is offered as a download only.
 */
export function DocumentView({ file, caption }: { file: ReviewFile; caption: string }) {
  const text = operatorCopy.review;
  const href = `/api/admin/files/${file.id}`;
  const inline = `${href}?inline=1`;
  const label = text.documentAlt(caption, file.name);
  return (
    <figure className="document">
      <figcaption>
        {caption} · {file.name} · {file.type} · {formatSize(file.size)} ·{" "}
        <a href={inline} target="_blank" rel="noopener noreferrer">
          {text.open}
        </a>{" "}
        ·{" "}
        <a href={href} download={file.name}>
          {text.download}
        </a>
      </figcaption>
      {file.type.startsWith("image/") ? (
        // A stored upload of unknown dimensions, served from the admin API: next/image's optimiser does not apply.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={inline} alt={label} />
      ) : file.type === "application/pdf" ? (
        // A frame, not <object>: the screens' policy allows no plugins (`object-src 'none'`, C45). The file route
        // serves it sandboxed and frameable by this site only.
        <iframe src={inline} title={label} />
      ) : null}
    </figure>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
