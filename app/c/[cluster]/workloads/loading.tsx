import { Skeleton } from "@/components/ui/Skeleton";

export default function Loading() {
  return (
    <div className="panel">
      <Skeleton label="Loading Workloads" />
    </div>
  );
}
