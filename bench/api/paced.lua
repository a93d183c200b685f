-- wrk script for bench/api/measure.py's paced rows: each connection waits 1 ms after every
-- answer before it sends its next request, so the server runs well below its capacity and the
-- latency measured is a request's own, not time spent queued behind the other connections.
function delay()
   return 1
end
