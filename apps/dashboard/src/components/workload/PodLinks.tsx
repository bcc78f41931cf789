// "Pods: a, b, c and 4 more · highlight all 7": the pods a health line or a plan blocker names, each a
// link that shows it in the pod grid (the pod-selection context), the first `linked` of them by name.
import { usePodSelection } from './PodSelection';

export function PodLinks({ pods, linked, testId }: { pods: string[]; linked: number; testId?: string }) {
  const { showPods } = usePodSelection();
  return (
    <span className="pods" data-testid={testId}>
      {' '}
      Pods:{' '}
      {pods.slice(0, linked).map((pod) => (
        <a
          key={pod}
          href={`#pod-${pod}`}
          onClick={(e) => {
            e.preventDefault();
            showPods([pod]);
          }}
        >
          {pod}
        </a>
      ))}
      {pods.length > linked && <span> and {pods.length - linked} more</span>}
      {pods.length > 1 && (
        <button type="button" className="link" onClick={() => showPods(pods)}>
          highlight all {pods.length}
        </button>
      )}
    </span>
  );
}
