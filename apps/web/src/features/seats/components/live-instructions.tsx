import { Texts } from '@opence/shared';

/** How to join (02 §2 Instructions). */
export function LiveInstructions() {
  return (
    <section className="card room-card" aria-labelledby="instructions-title">
      <h2 id="instructions-title">{Texts.LIVE_INSTRUCTIONS_TITLE}</h2>
      <ul className="instructions">
        <li>{Texts.LIVE_INSTRUCTIONS_ENTER}</li>
        <li>{Texts.LIVE_INSTRUCTIONS_APP}</li>
        <li>{Texts.LIVE_INSTRUCTIONS_INSTALL}</li>
      </ul>
    </section>
  );
}
