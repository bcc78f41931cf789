import { HooksPage } from '../../components/hooks/HooksPage';

export default function Hooks() {
  return <HooksPage />;
}
