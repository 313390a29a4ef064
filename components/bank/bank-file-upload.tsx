"use client";

import { FileUpload } from "@/components/console/file-upload";
import { bankCopy } from "@/components/copy/bank";
import { ImportReport, type ImportReportView } from "./import-report";

/**
 * Uploads a bank file to the admin API as it is (XML), with a progress bar, and shows the import report it answers;
 * the list of statements below is refreshed. A refusal (too large, not XML, schema-invalid) is shown beside the field.
 */
export function BankFileUpload({ limit }: { limit: number }) {
  return (
    <FileUpload
      id="bank-file"
      limit={limit}
      accept=".xml,application/xml,text/xml"
      copy={bankCopy.files}
      url={(name) => `/api/admin/bank/files?name=${encodeURIComponent(name)}`}
      contentType={() => "application/xml"}
      result={(body, name) => <ImportReport report={JSON.parse(body) as ImportReportView} name={name} />}
    />
  );
}
