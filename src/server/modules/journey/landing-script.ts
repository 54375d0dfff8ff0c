/**
 * Our script in the landing page (the operator's template served top-level at /phish). It runs
 * before any script of the template and does two things:
 * - a submit — by button, Enter, requestSubmit() or a script's form.submit() — goes nowhere but
 *   to the journey's next step, carrying only the names of the fields that were filled in;
 * - it reports how the page was seen (an image beacon: connect-src stays 'none'), once after it
 *   has been visible a while and once on the first trusted gesture.
 * Values are never read beyond "is it empty", and never leave the page.
 */
import { BEACON_VISIBLE_MS, MAX_COUNTED } from '@shared/clicks';
import { MAX_FIELD_NAME_LENGTH, MAX_SUBMITTED_FIELDS } from '@shared/events';

export interface LandingTargets {
  /** The next step's path with the rid, e.g. /phish/awareness?rid=…; `&submitted=` is added. */
  next: string;
  /** The beacon's path, e.g. /api/beacon/<rid>; its query is added. */
  beacon: string;
}

/** A string literal safe inside a <script> element (no `</script>`, no line separators). */
const literal = (value: string) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function landingScript(targets: LandingTargets): string {
  return `(function () {
  var NEXT = ${literal(targets.next)};
  var BEACON = ${literal(targets.beacon)};
  var NAME = /^[A-Za-z0-9_.:-]{1,${MAX_FIELD_NAME_LENGTH}}$/;
  var SKIP = { submit: 1, button: 1, reset: 1, image: 1, file: 1, hidden: 1 };
  function filled(form) {
    var names = [];
    var elements = form && form.elements ? form.elements : [];
    for (var i = 0; i < elements.length && names.length < ${MAX_SUBMITTED_FIELDS}; i++) {
      var el = elements[i];
      var type = String(el.type || '').toLowerCase();
      var name = String(el.name || el.id || '');
      if (!NAME.test(name) || SKIP[type]) continue;
      var hasValue = type === 'checkbox' || type === 'radio' ? el.checked : !!el.value;
      if (hasValue && names.indexOf(name) === -1) names.push(name);
    }
    return names;
  }
  function leave(form) {
    location.href = NEXT + '&submitted=' + encodeURIComponent(filled(form).join(','));
  }
  // Capture phase on window, registered first: no template handler sees a submit before this.
  window.addEventListener('submit', function (event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    leave(event.target);
  }, true);
  // form.submit() fires no submit event; form-action 'none' would block it, this moves on instead.
  HTMLFormElement.prototype.submit = function () { leave(this); };

  var now = function () { return Math.round(performance.now()); };
  var visibleMs = 0;
  var visibleSince = -1;
  var moved = false;
  var moves = 0;
  var keys = 0;
  var first = null;
  var via = /[?&]via=qr(&|$)/.test(location.search) ? 'qr' : 'link';
  var images = [];
  function visible() { return visibleMs + (visibleSince < 0 ? 0 : now() - visibleSince); }
  function beacon(gesture) {
    var query = 'g=' + gesture + '&wd=' + (navigator.webdriver ? 1 : 0) + '&vis=' + visible() +
      '&foc=' + (document.hasFocus() ? 1 : 0) + '&mv=' + (moved ? 1 : 0) + '&el=' + now() +
      '&mc=' + Math.min(moves, ${MAX_COUNTED}) + '&kc=' + Math.min(keys, ${MAX_COUNTED}) + '&v=' + via +
      (first ? '&ga=' + first.after + (first.type ? '&pt=' + first.type : '') +
        (first.press ? '&px=' + first.press[0] + '&py=' + first.press[1] : '') : '');
    var image = new Image();
    images.push(image);
    image.src = BEACON + '?' + query;
  }
  var rendered = false;
  var timer;
  function arm() {
    clearTimeout(timer);
    if (document.visibilityState !== 'visible') {
      if (visibleSince >= 0) visibleMs += now() - visibleSince;
      visibleSince = -1;
      return;
    }
    if (visibleSince < 0) visibleSince = now();
    if (rendered) return;
    timer = setTimeout(function () {
      rendered = true;
      beacon('none');
    }, Math.max(0, ${BEACON_VISIBLE_MS} - visible()));
  }
  document.addEventListener('visibilitychange', arm);
  // From the first frame painted, not from when this script was parsed.
  requestAnimationFrame(arm);

  // The first trusted gesture that can count is reported: a mouse press after the pointer moved,
  // a finger's or pen's tap (no hover before it), a key. A press that cannot count does not stop
  // a later one from being reported. Untrusted (script-made) events never count.
  var counted = false;
  function onGesture(kind, type, press) {
    if (counted) return;
    if (!first) first = { after: visible(), type: type, press: press };
    if (kind === 'pointer' && type === 'mouse' && !moved) return;
    counted = true;
    beacon(kind);
  }
  var passive = { capture: true, passive: true };
  window.addEventListener('pointermove', function (event) {
    if (event.isTrusted) { moved = true; moves++; }
  }, passive);
  window.addEventListener('pointerdown', function (event) {
    if (!event.isTrusted) return;
    var type = event.pointerType === 'touch' || event.pointerType === 'pen' ? event.pointerType : 'mouse';
    var press = [Math.max(0, Math.round(event.clientX)), Math.max(0, Math.round(event.clientY))];
    onGesture(type === 'mouse' ? 'pointer' : 'touch', type, press);
  }, passive);
  window.addEventListener('keydown', function (event) {
    if (!event.isTrusted) return;
    keys++;
    onGesture('key', '');
  }, passive);
  window.addEventListener('touchstart', function (event) {
    if (event.isTrusted) onGesture('touch', 'touch');
  }, passive);
})();`;
}
