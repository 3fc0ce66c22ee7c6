import Link from "next/link";

export default function NotFound() {
  return (
    <div className="panel empty" data-testid="not-found">
      <h1>Not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link href="/">Go to the workload list</Link>
      </p>
    </div>
  );
}
