// The usage chart: books and credits per day per key, drawn with uPlot from the
// rows of the usage table (the same figures, which is what works without
// JavaScript and what screen readers read; the chart itself is aria-hidden).
(function () {
  'use strict';
  var container = document.getElementById('usage-chart');
  if (!container || typeof uPlot === 'undefined') return;
  var table = document.getElementById(container.getAttribute('data-table'));
  var rows = table ? Array.prototype.slice.call(table.querySelectorAll('tbody tr[data-day]')) : [];
  if (rows.length === 0) return;

  var DAY = 86400;
  var seconds = function (day) {
    return Date.parse(day + 'T00:00:00Z') / 1000;
  };
  // The axis is the window the heading names (data-from to data-to, UTC days), every day of it on the line,
  // whatever days have books: left to uPlot, one day of data drew an axis from 2027 to 2029.
  var from = seconds(container.getAttribute('data-from'));
  var to = seconds(container.getAttribute('data-to'));
  if (!(from <= to)) return;
  var xs = [];
  for (var day = from; day <= to; day += DAY) xs.push(day);

  var keys = [];
  var figures = {};
  rows.forEach(function (row) {
    var key = row.getAttribute('data-key');
    if (keys.indexOf(key) < 0) keys.push(key);
    figures[seconds(row.getAttribute('data-day')) + '\n' + key] = {
      books: Number(row.getAttribute('data-books')),
      credits: Number(row.getAttribute('data-credits')),
    };
  });
  var palette = ['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'];

  function plot(title, field) {
    var data = [xs].concat(
      keys.map(function (key) {
        return xs.map(function (x) {
          var figure = figures[x + '\n' + key];
          return figure ? figure[field] : 0;
        });
      }),
    );
    var series = [{}].concat(
      keys.map(function (key, index) {
        return { label: key, stroke: palette[index % palette.length], width: 2, points: { show: true } };
      }),
    );
    var element = document.createElement('div');
    container.appendChild(element);
    var width = Math.max(280, container.clientWidth || 600);
    return new uPlot(
      {
        title: title,
        width: width,
        height: 220,
        series: series,
        scales: {
          // Half a day either side, so the first and last days' points are not on the frame.
          x: { time: true, auto: false, range: [from - DAY / 2, to + DAY / 2] },
        },
        axes: [{}, { label: title }],
        hooks: {
          // The days the axis is drawn over, as uPlot holds them (the browser suite reads them back).
          setScale: [
            function (chart, key) {
              if (key !== 'x') return;
              var day = function (time) {
                return new Date(time * 1000).toISOString().slice(0, 10);
              };
              container.setAttribute('data-drawn-from', day(chart.scales.x.min + DAY / 2));
              container.setAttribute('data-drawn-to', day(chart.scales.x.max - DAY / 2));
            },
          ],
        },
      },
      data,
      element,
    );
  }

  var charts = [plot('Books per day', 'books'), plot('Credits used per day', 'credits')];
  window.addEventListener('resize', function () {
    var width = Math.max(280, container.clientWidth || 600);
    charts.forEach(function (chart) {
      chart.setSize({ width: width, height: 220 });
    });
  });
})();
