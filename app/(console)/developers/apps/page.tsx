import { redirect } from "next/navigation";

/** The list of applications is the portal's front page. */
export default function ApplicationsPage() {
  redirect("/developers");
}
