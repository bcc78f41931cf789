'use client';
// Set a container's image: a new update revision, which the partition holds back as it says.
import { useState } from 'react';
import { confirmImage } from '../../../lib/rollout/confirm-words';
import { ErrorAlert } from '../../common/ErrorAlert';
import { useActionForm, type ActionContext } from './confirm';
import { ContainerSelect } from './ContainerSelect';

export function ImageAction({ ctx, containers }: { ctx: ActionContext; containers: { name: string; image: string }[] }) {
  const { workload: w, m } = ctx;
  const [container, setContainer] = useState('');
  const [image, setImage] = useState('');
  const form = useActionForm(ctx);
  const chosenContainer = container || containers[0]?.name || '';
  const current = containers.find((c) => c.name === chosenContainer)?.image;
  // The generation the operator sees now; sent as expectedGeneration when they confirm.
  const seen = w.generation;

  function submitImage() {
    form.ask({
      title: 'Set image',
      body: confirmImage(w, chosenContainer, image.trim(), current),
      confirmLabel: 'Set image',
      action: 'set the image',
      run: () => m.setImage(chosenContainer, image.trim(), seen),
      preview: () => m.preview({ container: chosenContainer, image: image.trim() }),
    });
  }

  return (
    <>
      <div className="action-row">
        <span className="label">Image</span>
        <ContainerSelect containers={containers} chosen={chosenContainer} onChange={setContainer} name="container" />
        <input value={image} onChange={(e) => setImage(e.target.value)} placeholder={current ?? 'image:tag'} name="image" />
        <button type="button" onClick={submitImage} disabled={!chosenContainer}>
          Set image…
        </button>
      </div>
      <ErrorAlert error={form.error} />
    </>
  );
}
