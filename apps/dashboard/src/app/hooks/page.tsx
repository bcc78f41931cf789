import { Suspense } from 'react';
import { HooksPage } from '../../components/hooks/HooksPage';

// Suspense: the hooks list reads its filters from the URL (useSearchParams).
export default function Hooks() {
  return (
    <Suspense>
      <HooksPage />
    </Suspense>
  );
}
