import { WorkloadList } from '../components/list/WorkloadList';

export default function Home() {
  return <WorkloadList />;
}
