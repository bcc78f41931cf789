import { RolloutsPage } from '../../components/rollout/RolloutsPage';

export default function Rollouts() {
  return <RolloutsPage />;
}
