import ReceiptTesting
import Testing

@testable import ReceiptSync

@Suite("The queue between fetching pages and writing them", .storageIndependent, .timeLimit(.minutes(20)))
struct PageQueueTests {
    struct Stop: Error, Equatable {}

    @Test("the writer takes every page waiting at once, in order, then the end")
    func takesAllWaiting() async throws {
        let queue = PageQueue<Int>(capacity: 8)
        for page in 1...5 { #expect(await queue.put(page)) }
        #expect(try await queue.take() == [1, 2, 3, 4, 5])
        #expect(await queue.put(6))
        queue.finish()
        #expect(try await queue.take() == [6])
        #expect(try await queue.take() == [])
        #expect(try await queue.take() == [])
    }

    @Test("a full queue holds the fetcher until the writer takes; no page is lost or reordered")
    func backpressure() async throws {
        let queue = PageQueue<Int>(capacity: 3)
        let fetcher = Task {
            for page in 1...1_000 {
                #expect(await queue.put(page))
            }
            queue.finish()
        }
        var taken: [Int] = []
        while case let pages = try await queue.take(), !pages.isEmpty {
            #expect(pages.count <= 3)
            taken += pages
            if taken.count % 7 == 0 { await Task.yield() }
        }
        await fetcher.value
        #expect(taken == Array(1...1_000))
    }

    @Test("the fetcher's error comes after the pages fetched before it")
    func errorAfterPages() async throws {
        let queue = PageQueue<Int>(capacity: 4)
        #expect(await queue.put(1))
        #expect(await queue.put(2))
        queue.finish(throwing: Stop())
        #expect(try await queue.take() == [1, 2])
        await #expect(throws: Stop.self) { try await queue.take() }
    }

    @Test("a writer waiting for a page wakes when it arrives")
    func writerWaits() async throws {
        let queue = PageQueue<Int>(capacity: 2)
        let writer = Task { try await queue.take() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await queue.put(42))
        #expect(try await writer.value == [42])
    }

    @Test("closing releases a fetcher waiting for room, and later pages are refused")
    func closeReleasesFetcher() async throws {
        let queue = PageQueue<Int>(capacity: 1)
        #expect(await queue.put(1))
        let blocked = Task { await queue.put(2) }
        try await Task.sleep(for: .milliseconds(50))
        queue.close()
        #expect(await blocked.value == false)
        #expect(await queue.put(3) == false)
    }
}
