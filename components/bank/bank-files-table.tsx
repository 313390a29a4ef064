import Link from "next/link";
import { bankCopy } from "@/components/copy/bank";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import type { BankFileView } from "@/server/bank/operator/bank-operator.responses";
import { countsText, summaryCounts } from "./format";

const text = bankCopy.files;

/** Imported bank files, each linking to its report, with its counts by result. */
export function BankFilesTable({ files }: { files: BankFileView[] }) {
  return (
    <TableScroll label={text.caption}>
      <table className="data-table bank-table">
        <caption className="visually-hidden">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.name}</th>
            <th scope="col">{text.columns.message}</th>
            <th scope="col">{text.columns.entries}</th>
            <th scope="col">{text.columns.createdAt}</th>
            <th scope="col">{text.columns.source}</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id}>
              <td>
                <Link href={`/operator/bank/files/${file.id}`}>{file.name}</Link>
              </td>
              <td>{file.message}</td>
              <td>{countsText(summaryCounts(file.summary), bankCopy.results) || bankCopy.none}</td>
              <td>
                <time dateTime={file.createdAt}>{formatWhen(file.createdAt)}</time>
              </td>
              <td>{file.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
