import { TopologyPage } from '../../components/topology/TopologyPage';

export default function Topology() {
  return <TopologyPage />;
}
