import Link from "next/link";
import { BankFileUpload } from "@/components/bank/bank-file-upload";
import { BankFilesTable } from "@/components/bank/bank-files-table";
import { bankCopy } from "@/components/copy/bank";
import { listBankFiles } from "@/server/bank/operator/list-bank-files";
import { getConfig } from "@/server/config";
import { firstPageIfRefused, pageOf, type SearchParams } from "./page-params";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.files;

/** Statements in: the upload, and the files imported so far with what each did. */
async function BankFilesPage(props: { searchParams: Promise<SearchParams> }) {
  const { query, from } = await pageOf(props.searchParams);
  const { files, nextCursor } = await firstPageIfRefused(query, (q) => listBankFiles({ ...q, direction: "inbound" }));
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <BankFileUpload limit={getConfig().bank.maxFileBytes} />
      {files.length === 0 ? <p className="card empty">{text.empty}</p> : <BankFilesTable files={files} />}
      <nav className="pager" aria-label={bankCopy.pages}>
        {from ? <Link href="/operator/bank">{bankCopy.firstPage}</Link> : null}
        {nextCursor ? <Link href={`/operator/bank?cursor=${nextCursor}`}>{bankCopy.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", BankFilesPage);
