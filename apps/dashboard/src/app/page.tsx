import { Suspense } from 'react';
import { WorkloadList } from '../components/list/WorkloadList';

// Suspense: the list reads its filters from the URL (useSearchParams).
export default function Home() {
  return (
    <Suspense>
      <WorkloadList />
    </Suspense>
  );
}
