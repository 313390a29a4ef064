import Link from "next/link";
import { demo as demoCopy } from "@/components/copy/demo";

/** Why the demo is not connected, said plainly, and the way back to the start. */
export function DemoProblem(props: { message: string }) {
  const text = demoCopy.callback;
  return (
    <section className="card" aria-labelledby="demo-problem-heading">
      <h1 id="demo-problem-heading">{text.problemHeading}</h1>
      <p role="alert" className="form-error" id="demo-problem">
        {props.message}
      </p>
      <Link className="button primary" href="/demo">
        {text.startAgain}
      </Link>
    </section>
  );
}
