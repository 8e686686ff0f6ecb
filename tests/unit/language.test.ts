import {test} from 'node:test';
import assert from 'node:assert/strict';
import {guessLanguage} from '../e2e/language';

test('guessLanguage tells English from Italian prose and refuses to guess on too little text', () => {
  assert.equal(
    guessLanguage('Install the Engine and connect it to the queue, then check that the service is up.'),
    'en',
  );
  assert.equal(
    guessLanguage(
      'Installare il motore e collegarlo alla coda, poi verificare che il servizio sia attivo per la rete della sede.',
    ),
    'it',
  );
  assert.equal(guessLanguage('Seer Box 24.1.0'), 'unknown');
});
