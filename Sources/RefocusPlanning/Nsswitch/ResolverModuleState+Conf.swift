import RefocusProtocol

extension ResolverModuleState {
    /// The state of `conf`, read from `path`, with the library found at `library`.
    public init(path: String, conf: NsswitchConf, library: String?) {
        let hostsServices = conf.hostsServices
        self.init(
            path: path, hostsServices: hostsServices, named: hostsServices.contains(NsswitchConf.service),
            beforeResolvers: conf.consultsServiceBeforeResolvers, library: library)
    }
}
