-- wrk script: each of wrk's threads sends to one of the ports in PORTS ("8081 8082"), in turn, so
-- that the connections are spread over several server instances on this machine.
local ports = {}
for port in string.gmatch(os.getenv("PORTS") or "", "%d+") do table.insert(ports, port) end
local started = 0

function setup(thread)
  started = started + 1
  if #ports > 0 then
    local port = ports[(started - 1) % #ports + 1]
    thread.addr = wrk.lookup("127.0.0.1", port)[1]
  end
end
