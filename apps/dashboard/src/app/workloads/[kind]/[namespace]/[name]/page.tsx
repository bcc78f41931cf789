import { notFound } from 'next/navigation';
import { WorkloadPage } from '../../../../../components/workload/WorkloadPage';
import { kindFromSlug } from '../../../../../lib/kinds';

export default async function Page({ params }: { params: Promise<{ kind: string; namespace: string; name: string }> }) {
  const { kind, namespace, name } = await params;
  const k = kindFromSlug(kind);
  if (!k) notFound();
  return <WorkloadPage kind={k} namespace={decodeURIComponent(namespace)} name={decodeURIComponent(name)} />;
}
