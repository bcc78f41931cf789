import { Suspense } from 'react';
import { NodesPage } from '../../components/nodes/NodesPage';

// Suspense: the nodes page reads its filter from the URL (useSearchParams).
export default function Nodes() {
  return (
    <Suspense>
      <NodesPage />
    </Suspense>
  );
}
