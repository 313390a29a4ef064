"use client";

import { FileUpload } from "@/components/console/file-upload";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.lists;

type ImportResult = { version: { number: number }; duplicate: boolean };

/** Uploads a list file as published; the list is recognised by its content. */
export function ListUpload({ limit }: { limit: number }) {
  return (
    <FileUpload
      id="list-file"
      limit={limit}
      accept=".xml,.csv,application/xml,text/xml,text/csv"
      copy={text}
      url={(name) => `/api/admin/screening/lists?name=${encodeURIComponent(name)}`}
      contentType={(file) => (/\.csv$/i.test(file.name) ? "text/csv" : "application/xml")}
      result={(body, name) => {
        const result = JSON.parse(body) as ImportResult;
        return (
          <p role="status" className="card">
            {result.duplicate
              ? text.duplicate(name, result.version.number)
              : text.imported(name, result.version.number)}
          </p>
        );
      }}
    />
  );
}
