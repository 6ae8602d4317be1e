// Live progress of a job page: follows GET /v1/status/{id}/events and updates
// the status, progress bar and messages in place. Without JavaScript the page
// shows the job as it was when loaded.
(function () {
  'use strict';
  var region = document.getElementById('job-live-region');
  if (!region || typeof EventSource === 'undefined') return;
  var live = document.getElementById('job-live');
  var status = document.getElementById('job-status');
  var progress = document.getElementById('job-progress');
  var progressText = document.getElementById('job-progress-text');
  var messages = document.getElementById('job-messages');
  var source = new EventSource(region.getAttribute('data-events-url'));

  source.addEventListener('open', function () {
    live.textContent = 'live';
  });
  source.addEventListener('error', function () {
    // EventSource reconnects by itself; a finished job's stream ends with 204, which closes it.
    live.textContent = source.readyState === EventSource.CLOSED ? 'not live: reload the page' : 'reconnecting';
  });
  source.addEventListener('status', function (event) {
    var job = JSON.parse(event.data);
    status.textContent = job.status;
    progress.value = job.progress;
    progress.textContent = job.progress + '%';
    progressText.textContent = job.progress + '%';
    messages.replaceChildren.apply(
      messages,
      job.messages.map(function (text) {
        var item = document.createElement('li');
        item.textContent = text;
        return item;
      }),
    );
    if (job.status === 'completed' || job.status === 'failed') {
      source.close();
      live.textContent = '(the job has ended: reload the page for its result)';
    }
  });
})();
