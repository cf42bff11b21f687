package serve

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own so
// that two servers in one process (tests) do not collide.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // by endpoint and status code
	errors   *prometheus.CounterVec   // by endpoint and status code, 4xx and 5xx
	latency  *prometheus.HistogramVec // by endpoint
	inFlight prometheus.Gauge         // requests being served
	working  prometheus.Gauge         // expensive calls running in the pool
	queued   prometheus.Gauge         // expensive calls waiting for a worker
	rejected prometheus.Counter       // expensive calls refused with 429
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "edgrid_http_requests_total", Help: "HTTP requests answered, by endpoint (route pattern) and status code.",
		}, []string{"endpoint", "code"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "edgrid_http_errors_total", Help: "HTTP requests answered with an error status (4xx, 5xx), by endpoint and status code.",
		}, []string{"endpoint", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "edgrid_http_request_duration_seconds", Help: "Time to answer a request, by endpoint.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"endpoint"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "edgrid_http_in_flight_requests", Help: "Requests being served.",
		}),
		working: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "edgrid_work_running", Help: "Expensive calls (grid, number, puzzle, ID and random calls, and their batches) running in the worker pool.",
		}),
		queued: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "edgrid_work_queued", Help: "Expensive calls waiting for a worker.",
		}),
		rejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "edgrid_work_rejected_total", Help: "Expensive calls refused with 429 because the pool and its queue were full.",
		}),
	}
	m.reg.MustRegister(m.requests, m.errors, m.latency, m.inFlight, m.working, m.queued, m.rejected,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe records one answered request of endpoint.
func (m *metrics) observe(endpoint string, code int, d time.Duration) {
	c := strconv.Itoa(code)
	m.requests.WithLabelValues(endpoint, c).Inc()
	if code >= 400 {
		m.errors.WithLabelValues(endpoint, c).Inc()
	}
	m.latency.WithLabelValues(endpoint).Observe(d.Seconds())
}
